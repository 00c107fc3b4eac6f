/**
 * How the supervisor tells that a project's gateway answers: a path none of Kong's routes starts
 * with, answering the project's id. Apart from the server so that `status` loads no fastify.
 */
export const GATEWAY_HEALTH_PATH = '/_internal/api-gateway/health';
export const GATEWAY_HEALTH_SERVICE = 'supabase-native-api-gateway';
