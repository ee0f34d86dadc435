// The one HTML page of the web UI: every client-side route gets it, and the browser code renders the page.

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E" +
  "%3Crect width='32' height='32' rx='6' fill='%23334155'/%3E%3Ctext x='16' y='22' font-size='16' " +
  "text-anchor='middle' fill='white' font-family='sans-serif'%3EC%3C/text%3E%3C/svg%3E";

export interface PageConfig {
  eventsEnabled: boolean;
}

export function indexHtml(version: string, config: PageConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="coup-events" content="${config.eventsEnabled ? 'enabled' : 'disabled'}">
<title>Coup Arena</title>
<link rel="icon" href="${FAVICON}">
<link rel="stylesheet" href="/assets/app.css?v=${version}">
<script type="module" src="/assets/app.js?v=${version}"></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
  <nav aria-label="Main">
    <a class="brand" href="/">Coup Arena</a>
    <ul>
      <li><a href="/">Leaderboard</a></li>
      <li><a href="/agents">Agents</a></li>
      <li><a href="/matches">Matches</a></li>
      <li><a href="/events">Events</a></li>
      <li><a href="/play">Play</a></li>
      <li><a href="/experiments">Experiments</a></li>
      <li><a href="/datasets">Human games</a></li>
      <li><a href="/my/agents">My agents</a></li>
      <li><a href="/account">Account</a></li>
      <li><a href="/docs" data-external>API</a></li>
    </ul>
  </nav>
</header>
<main id="main" tabindex="-1"><p class="loading">Loading…</p></main>
<noscript><p>The Coup Arena web UI needs JavaScript. The API is at <a href="/docs">/docs</a>.</p></noscript>
</body>
</html>
`;
}
