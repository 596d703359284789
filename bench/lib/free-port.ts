import net from 'node:net';

/** A TCP port free on 127.0.0.1 now, for a server child process the bench starts with --port. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}
