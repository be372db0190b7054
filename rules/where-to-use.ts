/**
 * How a person can use the product today, which depends on whether a desktop build has been
 * published: the browser's live page always works; the desktop app only once it is out.
 */
export function whereToUse(desktopPublished: boolean): string {
  return desktopPublished
    ? 'You can use Interview Helper in your browser on the live interview page, or download the desktop app for Windows.'
    : 'The desktop app is being prepared. Until it is out, use Interview Helper in your browser: the live interview page listens to the interview tab, reads the screen and answers as each question ends.'
}
