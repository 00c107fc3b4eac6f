/** The inbucket mail catcher (ports as the original publishes them): web UI always, SMTP and POP3 when configured. */
import { volumeNames } from '../docker-names.js';
import { usualName, type PublishedPort, type ServicePlugin } from './service-plugin.js';

export const inbucket: ServicePlugin = {
  id: 'inbucket',
  containerName: usualName('inbucket'),
  aliases: ['inbucket'],
  image: () => 'inbucket/inbucket:3.0.3',
  enabled: (config) => config.inbucket.enabled,
  container: ({ config, projectId }) => {
    const ports: PublishedPort[] = [{ container: 9000, host: config.inbucket.port, configKey: '[inbucket] port' }];
    if (config.inbucket.smtp_port) ports.push({ container: 2500, host: config.inbucket.smtp_port, configKey: '[inbucket] smtp_port' });
    if (config.inbucket.pop3_port) ports.push({ container: 1100, host: config.inbucket.pop3_port, configKey: '[inbucket] pop3_port' });
    const volume = volumeNames(projectId).inbucket;
    return {
      ports,
      volumes: [
        { volume, target: '/config' },
        { volume, target: '/storage' },
      ],
      probe: { kind: 'tcp', port: config.inbucket.port },
    };
  },
};
