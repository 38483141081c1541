export { ArgDescription } from './arg-description.decorator';
export { Command } from './command.decorator';
export { type ArgumentNormalizer, Normalize } from './normalize.decorator';
export { Query } from './query.decorator';
export { Report } from './report.decorator';
export { View } from './view.decorator';
