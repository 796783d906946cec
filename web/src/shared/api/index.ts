export { apiFile, apiRequest, isPublicPath, type RequestOptions } from './client.js';
export { errorMessage } from './error-message.js';
export { ApiError, CLIENT_ERROR_CODES, isApiError } from './errors.js';
export { LIST_PAGE_SIZE, usePagedList } from './paged-list.js';
export { onSessionEnded } from './session-events.js';
export { tokenStore } from './tokens.js';
