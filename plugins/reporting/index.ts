export * from './dto/report.dto';
export * from './dto/report-args.dto';
export * from './dto/view.dto';
export * from './dto/view-args.dto';
export { LOW_STOCK_URI } from './reporting.constants';
export { ReportingModule } from './reporting.module';
export { ReportingOperations } from './reporting.operations';
