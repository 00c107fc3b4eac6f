/** The last lines a container logged, as text, for the report on a service that is not healthy. */
import type Docker from 'dockerode';

/** Up to `tail` lines of stdout and stderr (or only those `streams` asks for); empty when the engine cannot give them. */
export async function containerLogs(docker: Docker, container: string, tail = 50, streams: { stdout?: boolean; stderr?: boolean } = {}): Promise<string> {
  try {
    const raw = (await docker.getContainer(container).logs({ stdout: streams.stdout ?? true, stderr: streams.stderr ?? true, tail, follow: false })) as unknown as Buffer;
    return demux(Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw)));
  } catch {
    return '';
  }
}

/**
 * Without a TTY the engine frames each chunk with an 8-byte header (stream, 0, 0, 0, size). Text
 * that does not start with a valid header is returned as is.
 */
function demux(buffer: Buffer): string {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= buffer.length) {
    const kind = buffer[offset]!;
    if (kind > 2 || buffer[offset + 1] !== 0 || buffer[offset + 2] !== 0 || buffer[offset + 3] !== 0) return buffer.toString('utf8');
    const size = buffer.readUInt32BE(offset + 4);
    parts.push(buffer.subarray(offset + 8, offset + 8 + size));
    offset += 8 + size;
  }
  return Buffer.concat(parts).toString('utf8');
}
