export { ConformancePluginModule } from './conformance.module';
