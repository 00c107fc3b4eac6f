/** The storage API (the file backend, as the original runs it): files on a named volume, images through imgproxy. */
import { volumeNames } from '../docker-names.js';
import { usualName, wgetCheck, type ServicePlugin } from './service-plugin.js';

export const storage: ServicePlugin = {
  id: 'storage',
  containerName: usualName('storage'),
  aliases: ['storage'],
  image: (config) => config.images.storage,
  enabled: (config) => config.storage.enabled,
  container: ({ config, projectId, containerOf }) => ({
    env: {
      ANON_KEY: config.auth.anon_key,
      SERVICE_KEY: config.auth.service_role_key,
      POSTGREST_URL: `http://${containerOf('rest')}:3000`,
      PGRST_JWT_SECRET: config.auth.jwt_secret,
      DATABASE_URL: `postgresql://supabase_storage_admin:${encodeURIComponent(config.db.password)}@${containerOf('db')}:5432/postgres`,
      FILE_SIZE_LIMIT: config.storage.file_size_limit,
      STORAGE_BACKEND: 'file',
      FILE_STORAGE_BACKEND_PATH: '/mnt',
      TENANT_ID: 'stub',
      REGION: 'stub',
      GLOBAL_S3_BUCKET: 'stub',
      ENABLE_IMAGE_TRANSFORMATION: config.storage.image_transformation.enabled,
      IMGPROXY_URL: `http://${containerOf('imgproxy')}:5001`,
    },
    volumes: [{ volume: volumeNames(projectId).storage, target: '/mnt' }],
    healthcheck: wgetCheck('http://127.0.0.1:5000/status'),
    logsToVector: true,
    probe: { kind: 'exec' },
  }),
};
