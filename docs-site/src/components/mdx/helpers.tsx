// The lazily loaded helpers. Each import() is its own chunk (named for the tests and the bench),
// so a page pays only for the helpers it renders.
import { lazyHelper } from './lazy-helper';

export const AppleSecretGenerator = lazyHelper('AppleSecretGenerator', () => import(/* webpackChunkName: "helper-apple-secret-generator" */ '../helpers/AppleSecretGenerator'));
export const JwtGenerator = lazyHelper('JwtGenerator', () => import(/* webpackChunkName: "helper-jwt-generator" */ '../helpers/JwtGenerator'));
export const Extensions = lazyHelper('Extensions', () => import(/* webpackChunkName: "helper-extensions" */ '../helpers/Extensions'));
export const RealtimeLimitsEstimator = lazyHelper('RealtimeLimitsEstimator', () => import(/* webpackChunkName: "helper-realtime-limits" */ '../helpers/RealtimeLimitsEstimator'));
export const LogSchemas = lazyHelper('LogSchemas', () => import(/* webpackChunkName: "helper-log-schemas" */ '../helpers/LogSchemas'));
