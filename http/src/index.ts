export * from './answers.ts';
export * from './api-document.ts';
export * from './boundary.ts';
export * from './create-server.ts';
export * from './metrics.ts';
export * from './origin-check.ts';
export * from './server-hardening.ts';
export * from './state-change-guard.ts';
