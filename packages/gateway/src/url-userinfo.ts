// Whether a URL as written carries userinfo (`user:pass@`, `user@`, and the empty `@` or `:@`). The WHATWG
// parser drops an empty userinfo (`http://:@127.0.0.1:9/` parses with username and password both ''), so
// the parsed URL cannot tell; the text can. This follows the parser's own steps for http(s) URLs: strip
// leading and trailing C0 controls and spaces, drop tabs and newlines, skip the scheme and any run of `/`
// or `\`, and the authority runs to the first `/`, `\`, `?` or `#`. An `@` in it means userinfo.

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export function hasUserinfo(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  const text = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = SCHEME.exec(text);
  if (!scheme) return false;
  const rest = text.slice(scheme[0].length).replace(/^[/\\]+/, '');
  const end = rest.search(/[/\\?#]/);
  return (end < 0 ? rest : rest.slice(0, end)).includes('@');
}
