import { accessTokenKey, refreshTokenKey } from './token-storage.ts'

/**
 * Runs in <head> before the first paint: marks the page when this browser holds sign-in tokens, so
 * that while they are being checked the header shows the signed-in links (CSS in app.css), not the
 * signed-out ones that would flash for a returning person. Only a hint: the check decides.
 */
export const sessionHintScript = `(function(){try{var s=localStorage;if(s.getItem(${JSON.stringify(accessTokenKey)})!==null||s.getItem(${JSON.stringify(refreshTokenKey)})!==null)document.documentElement.setAttribute('data-session','stored')}catch(e){}})()`
