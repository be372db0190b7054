// Run before `vite dev`: a bad variable stops here with its name, instead of a dev server answering 500.
import { loadConfigOrExit } from '#app.config.ts'

loadConfigOrExit()
