/**
 * GET /docs: the API reference, Swagger UI reading /openapi.json. Every file it loads comes
 * from this server (/docs/assets/..., Swagger UI's own from node_modules), so it works offline.
 * It leaves out the pages' Layout on purpose: app.css styles bare buttons and inputs, which
 * would restyle Swagger UI's.
 */
export function DocsPage() {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference · retrieval testbed</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
        <link rel="stylesheet" href="/docs/assets/docs.css" />
        <script src="/docs/assets/swagger-ui-bundle.js" defer></script>
        <script src="/docs/assets/docs.js" defer></script>
      </head>
      <body>
        <header class="top">
          <span class="brand">retrieval testbed</span>
          <nav aria-label="Pages">
            <a href="/">Playground</a>
            <a href="/experiments">Experiments</a>
            <a href="/docs" aria-current="page">
              API
            </a>
            <a href="/openapi.json">openapi.json</a>
          </nav>
        </header>
        <main id="swagger-ui">
          <noscript>The API reference needs JavaScript; the same description is at /openapi.json.</noscript>
        </main>
      </body>
    </html>
  );
}
