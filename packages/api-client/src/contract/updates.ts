// News posts (issue 21, "Updates"): what admins write (Markdown) and what the site reads (the body
// rendered by the server to sanitised HTML, never the Markdown source).
import { z } from 'zod';
import { libraryImageUrlSchema, slugInput } from './admin.ts';
import { nextCursorSchema, pageCursorSchema, pageLimitSchema } from './paging.ts';

export const updateStatuses = ['draft', 'scheduled', 'published'] as const;
export type UpdateStatus = (typeof updateStatuses)[number];

export const UPDATE_TITLE_MAX_LENGTH = 150;
export const UPDATE_SUMMARY_MAX_LENGTH = 500;
export const UPDATE_BODY_MAX_LENGTH = 50_000;
/** How many posts a public page of /api/updates holds by default. */
export const UPDATES_PAGE_SIZE = 10;

export const updateMessages = {
  titleRequired: 'Title is required',
  summaryTooLong: `Summary must be at most ${UPDATE_SUMMARY_MAX_LENGTH} characters`,
  bodyTooLong: `Body must be at most ${UPDATE_BODY_MAX_LENGTH} characters`,
  statusInvalid: 'Status must be draft, scheduled or published',
  publishAtInvalid: 'Publish time must be a date and time',
  publishAtRequired: 'A scheduled post needs a publish time',
  publishAtPast: 'A scheduled post’s publish time must be in the future',
  pinnedInvalid: 'Pinned must be true or false',
  notFound: 'Update not found',
} as const;

const publishAtInput = z
  .string({ error: updateMessages.publishAtInvalid })
  .max(40, updateMessages.publishAtInvalid)
  .refine((text) => !Number.isNaN(Date.parse(text)), updateMessages.publishAtInvalid)
  .nullable();

const updateFields = {
  title: z
    .string({ error: updateMessages.titleRequired })
    .trim()
    .min(1, updateMessages.titleRequired)
    .max(UPDATE_TITLE_MAX_LENGTH, updateMessages.titleRequired),
  slug: slugInput,
  summary: z
    .string({ error: updateMessages.summaryTooLong })
    .trim()
    .max(UPDATE_SUMMARY_MAX_LENGTH, updateMessages.summaryTooLong)
    .optional(),
  body: z
    .string({ error: updateMessages.bodyTooLong })
    .max(UPDATE_BODY_MAX_LENGTH, updateMessages.bodyTooLong)
    .optional(),
  coverImage: libraryImageUrlSchema.optional(),
  status: z.enum(updateStatuses, { error: updateMessages.statusInvalid }).optional(),
  publishAt: publishAtInput.optional(),
  pinned: z.boolean({ error: updateMessages.pinnedInvalid }).optional(),
};

/** POST /api/admin/updates: a title is required; an empty slug is made from it; a draft by default. */
export const updateInputSchema = z.object(updateFields);
export type UpdateInput = z.input<typeof updateInputSchema>;
/** PATCH /api/admin/updates/{id}: what is left out stays as it was. */
export const updateChangeSchema = z.object({ ...updateFields, title: updateFields.title.optional() });
export type UpdateChange = z.input<typeof updateChangeSchema>;

export const previewUpdateRequestSchema = z.object({
  body: z.string({ error: updateMessages.bodyTooLong }).max(UPDATE_BODY_MAX_LENGTH, updateMessages.bodyTooLong),
});
export const previewUpdateResponseSchema = z.object({ html: z.string() });
export type PreviewUpdateResponse = z.infer<typeof previewUpdateResponseSchema>;

/** A post as everyone reads it: the body as sanitised HTML. */
export const publicUpdateSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  html: z
    .string()
    .describe('The Markdown body rendered to HTML: raw HTML dropped, only http(s), mailto and relative links'),
  coverImage: z.string().nullable(),
  publishedAt: z.string(),
  pinned: z.boolean(),
});
export type PublicUpdate = z.infer<typeof publicUpdateSchema>;

/** A post as admins edit it: the Markdown source, and the HTML it renders to. */
export const adminUpdateSchema = publicUpdateSchema.extend({
  body: z.string(),
  status: z.enum(updateStatuses),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUpdate = z.infer<typeof adminUpdateSchema>;

export const updatesQuerySchema = z.object({ limit: pageLimitSchema, cursor: pageCursorSchema });
export type UpdatesQuery = z.input<typeof updatesQuerySchema>;

export const updatesResponseSchema = z.object({
  /** The pinned post (the newest pinned one), on the first page only; null otherwise. */
  pinned: publicUpdateSchema.nullable(),
  updates: z.array(publicUpdateSchema),
  nextCursor: nextCursorSchema,
});
export type UpdatesResponse = z.infer<typeof updatesResponseSchema>;
export const updateResponseSchema = z.object({ update: publicUpdateSchema });
export type UpdateResponse = z.infer<typeof updateResponseSchema>;

export const adminUpdatesResponseSchema = z.object({
  updates: z.array(adminUpdateSchema),
  nextCursor: nextCursorSchema,
});
export type AdminUpdatesResponse = z.infer<typeof adminUpdatesResponseSchema>;
export const adminUpdateResponseSchema = z.object({ update: adminUpdateSchema });
export type AdminUpdateResponse = z.infer<typeof adminUpdateResponseSchema>;
