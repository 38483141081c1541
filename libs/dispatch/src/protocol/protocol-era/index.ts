export type { EraHeaders } from './era-headers';
export { modernHttpStatus } from './era-http-status';
export {
  MODERN_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  PROTOCOL_MODES,
  type ProtocolMode,
} from './protocol-era.constants';
export { hasModernEnvelope } from './request-envelope';
