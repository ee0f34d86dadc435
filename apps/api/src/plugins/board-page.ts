// The queue board's page (Bull Board's index.ejs) made to run under the platform's Content-Security-Policy:
// its web font from fonts.googleapis.com is dropped (the board falls back to the system's sans-serif and
// monospace fonts; nothing is fetched from another site), its inline <script> (the board's configuration,
// JSON) and <style> get the response's nonces, and the inline style attributes of its loading placeholder
// (shown until the board's script draws the page) are dropped. The headless-Chromium test of the pages
// fails if a newer Bull Board brings anything this does not handle.

export interface CspNonce {
  script: string;
  style: string;
}

export function boardPageUnderCsp(html: string, nonce: CspNonce): string {
  return html
    .replace(/<link\b[^>]*\bhref\s*=\s*["']?(?:https?:)?\/\/[^>]*>\s*/gi, '')
    .replace(/\sstyle\s*=\s*("[^"]*"|'[^']*')/gi, '')
    .replace(/<script\b(?![^>]*\bsrc\s*=)/gi, `<script nonce="${nonce.script}"`)
    .replace(/<style\b/gi, `<style nonce="${nonce.style}"`);
}
