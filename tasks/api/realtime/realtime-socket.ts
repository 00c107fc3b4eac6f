/**
 * One client WebSocket of the Realtime service, speaking Phoenix's socket protocol as realtime
 * v2.25.50 serves it (Phoenix.Socket with the V1 JSON serializer): `heartbeat` on the `phoenix`
 * topic, `phx_join` on `realtime:*` (a second join of a joined topic closes the first), `phx_leave`
 * answered ok then phx_close, pushes on a topic not joined answered "unmatched topic", and a frame
 * that is not a Phoenix message answered with an error instead of ending the socket. Our own code:
 * the channel protocol is the contract (DESIGN.md).
 *
 * A client that stops reading only fills its own send buffer: past a bound it is disconnected, as
 * is one silent for longer than Phoenix's 60 s socket timeout, so neither holds memory or others up.
 */
import type WebSocket from 'ws';
import { decodeFrame, encodeFrame, PHX, replyFrame, type PhoenixFrame } from './phoenix-frame.js';
import { RealtimeChannel, type ChannelSocket } from './realtime-channel.js';
import type { RealtimeContext } from './realtime-context.js';

/** Phoenix's websocket timeout: a client heartbeats every 30 s (realtime-js's default). */
const IDLE_TIMEOUT_MS = 60_000;
/** Bytes queued for a client that does not read before it is disconnected. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export function serveSocket(ws: WebSocket, apiKey: string, context: RealtimeContext): void {
  const channels = new Map<string, RealtimeChannel>();
  let idle: NodeJS.Timeout | undefined;

  const send = (text: string): void => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      context.log('realtime: disconnecting a client that does not read what it is sent');
      ws.terminate();
      return;
    }
    ws.send(text);
  };
  const socket: ChannelSocket = {
    send,
    apiKey,
    ended: (channel) => {
      if (channels.get(channel.topic) === channel) channels.delete(channel.topic);
    },
  };
  const resetIdle = () => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => ws.close(1000, 'heartbeat timeout'), IDLE_TIMEOUT_MS);
    idle.unref();
  };

  const onFrame = async (frame: PhoenixFrame): Promise<void> => {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return send(replyFrame(frame, 'ok', {}));
    if (frame.event === PHX.join) {
      if (!frame.topic.startsWith('realtime:')) return send(replyFrame(frame, 'error', { reason: 'unmatched topic' }));
      // Phoenix closes a channel joined again on the same topic before the new join.
      await channels.get(frame.topic)?.end({ ref: null });
      const channel = new RealtimeChannel(frame.topic, frame.join_ref ?? frame.ref, socket, context);
      channels.set(frame.topic, channel);
      if (!(await channel.join(frame)) && channels.get(frame.topic) === channel) channels.delete(frame.topic);
      return;
    }
    const channel = channels.get(frame.topic);
    if (!channel) return send(replyFrame(frame, 'error', { reason: 'unmatched topic' }));
    if (frame.event === PHX.leave) {
      send(replyFrame(frame, 'ok', {}));
      return channel.end({ ref: frame.join_ref ?? channel.joinRef });
    }
    return channel.handle(frame);
  };

  // Frames of one socket are handled in order: a push after a join waits for the join's answer.
  let queue: Promise<void> = Promise.resolve();
  ws.on('message', (data, isBinary) => {
    resetIdle();
    const decoded = isBinary ? { malformed: 'binary frames are not part of serializer 1.0.0' } : decodeFrame(String(data));
    if ('malformed' in decoded) {
      send(encodeFrame({ topic: 'phoenix', event: PHX.error, payload: { reason: `malformed message: ${decoded.malformed}` }, ref: null, join_ref: null }));
      return;
    }
    queue = queue.then(() => onFrame(decoded)).catch((error: Error) => {
      context.log(`realtime: ${decoded.event} on ${decoded.topic} failed: ${error.stack ?? error.message}`);
      send(replyFrame(decoded, 'error', { reason: 'internal error' }));
    });
  });
  ws.on('close', () => {
    if (idle) clearTimeout(idle);
    // After the queued frames, so a join still running is ended too.
    queue = queue.then(async () => {
      await Promise.all([...channels.values()].map((channel) => channel.end(undefined)));
    });
  });
  ws.on('error', () => ws.terminate());
  resetIdle();
}
