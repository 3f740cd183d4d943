export { invalidateLanes } from './api/lane-cache';
