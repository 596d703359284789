import { Layout } from './layout.js';

/**
 * The page a browser gets for a page route it may not read without the token (--protect-search
 * keeps reports, run files and pools as private as the searches): a navigation cannot carry an
 * Authorization header, so the page says why and where the same data can be read with it.
 */
export function TokenNeededPage({ message }: { message: string }) {
  return (
    <Layout title="Token needed" section="experiments" tokenRequired={true}>
      <h1>Token needed</h1>
      <p>
        This server runs with --protect-search: experiment reports, run files, pools and judgements show rankings, so
        reading them needs the bearer token, which a page load cannot send.
      </p>
      <p>{message}</p>
      <p>
        Read them through the HTTP API with <code>Authorization: Bearer &lt;token&gt;</code>: see{' '}
        <a href="/docs">the API</a>.
      </p>
    </Layout>
  );
}
