export { capitalizeFirst } from './capitalize.js';
export { editDistance } from './edit-distance.js';
export { foldText } from './fold.js';
export { propositionKey } from './proposition-key.js';
export { SLUG_MAX_LENGTH, slugify } from './slugify.js';
export { tokenize } from './tokenize.js';
export { type TopicNaming, topicDisplayTitle, UNTITLED_TOPIC } from './topic-display-title.js';
