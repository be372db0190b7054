import { themeStorageKey } from './theme.ts'

/**
 * Runs in <head> before anything paints, so a dark page never flashes light. The body does not
 * exist yet: the html element gets the class at once, the body as soon as the parser creates it
 * (mutation observers run before the next paint).
 */
export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(themeStorageKey)})==='dark'?'dark':'light';var d=document.documentElement;d.classList.toggle('dark',t==='dark');d.style.colorScheme=t;var set=function(){if(!document.body)return false;document.body.className=t;return true};if(!set()){var o=new MutationObserver(function(){if(set())o.disconnect()});o.observe(d,{childList:true})}}catch(e){}})()`
