export {
  type Environment,
  loadEnvironment,
  quotaSettingsFrom,
  type TrustedProxies,
  trustedProxiesFrom,
} from './environment.ts';
export { openDocumentStoreFor, openEventStoreFor } from './open-stores.ts';
