import { Layout } from './layout.js';

/** A 404 for a person: what was not found, and the way back. */
export function NotFoundPage({ message, tokenRequired }: { message: string; tokenRequired: boolean }) {
  return (
    <Layout title="Not found" section="experiments" tokenRequired={tokenRequired}>
      <h1>Not found</h1>
      <p>{message}</p>
      <p>
        <a href="/experiments">All experiments</a>
      </p>
    </Layout>
  );
}
