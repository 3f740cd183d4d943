export {
  type Environment,
  loadEnvironment,
  quotaSettingsFrom,
  type TrustedProxies,
  trustedProxiesFrom,
} from './environment.ts';
export {
  openDocumentStoreFor,
  openEventStoreFor,
  type StoreLocation,
  storeLocationOf,
} from './open-stores.ts';
