/** imgproxy for storage image transformations (started after storage, as the original); shares the storage volume. */
import type { ServicePlugin } from './service-plugin.js';

export const imgproxy: ServicePlugin = {
  id: 'imgproxy',
  // Not `supabase_...`: the original names this one differently.
  containerName: (projectId) => `storage_imgproxy_${projectId}`,
  aliases: ['imgproxy'],
  image: () => 'darthsim/imgproxy:v3.8.0',
  enabled: (config) => config.storage.enabled,
  container: ({ containerOf }) => ({
    // IMGPROXY_USE_ETAG is `/` in the original, which imgproxy does not read as a boolean, so ETags
    // stay off; `true` would turn on what the original's users never had.
    env: { IMGPROXY_BIND: ':5001', IMGPROXY_LOCAL_FILESYSTEM_ROOT: '/', IMGPROXY_USE_ETAG: '/' },
    volumesFrom: [containerOf('storage')],
    healthcheck: ['CMD', 'imgproxy', 'health'],
    probe: { kind: 'exec' },
  }),
};
