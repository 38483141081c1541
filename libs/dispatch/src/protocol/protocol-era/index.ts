export type { ProtocolMode } from '../../interfaces/dispatch-options.interface';
export type { EraHeaders } from '../../interfaces/era-headers.interface';
export { modernHttpStatus } from './era-http-status';
export {
  MODERN_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  PROTOCOL_MODES,
} from './protocol-era.constants';
export { hasModernEnvelope } from './request-envelope';
