import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * md5 of a file as lowercase hex, read as a stream so a GB-sized zip costs no memory. md5 only
 * because it is the checksum BEIR publishes; it guards against truncation and corruption here.
 */
export async function md5File(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
