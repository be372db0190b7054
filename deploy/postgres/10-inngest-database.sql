-- Inngest keeps its apps, functions, events and run history in a database of its own (its table
-- names would collide with the app's, `events` among them). Run by the postgres image once, when
-- its data folder is empty.
create database inngest;
