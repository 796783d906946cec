import { z } from 'zod';

/**
 * The response shapes the OpenAPI document names (`components.schemas`), so that every route answering
 * one refers to it instead of repeating it. A schema joins under its type's name:
 * `z.object({...}).register(apiComponents, { id: 'TopicDto' })`. Its own registry, not zod's global one:
 * the document lists these and nothing else. A field registered with a `description` and no id is
 * described where it appears (zod's `.meta()` writes to the global registry, which the document ignores).
 */
export const apiComponents = z.registry<{ id?: string; description?: string }>();
