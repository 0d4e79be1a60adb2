import * as z from 'zod/mini';
import { defineCall, isoDateTime, ogoFlag } from './define';
import { intQuery, ogoQuery } from './query-params';

/*
 * Content pages (docs/api.md#content content/get-page-by-id; ids in src/domain/content/pages.ts), news
 * (routes /news, /news/{newsId}) and the consumer dictionary (routes /vocabulary,
 * /vocabulary/velo, /vocabulary/ogo-club). All HTML is built by the server from stored text,
 * escaped, with no scripts, styles or event attributes.
 */

/**
 * POST /api/content/get-page-by-id {id, {product}} -> {id, title, body_html} (docs/api.md#content).
 * FAQ pages are `<h3>question</h3><div>answer</div>` pairs. The user agreement needs no
 * sign-in (docs/rules.md#screens); other pages need a member (401), club rules an age-verified one
 * (403 `age_not_verified`, docs/rules.md#screens, docs/rules.md#roles). An unknown id is 404 `page_not_found`.
 */
export const getPageById = defineCall({
  method: 'POST',
  path: '/api/content/get-page-by-id',
  auth: 'public',
  mutation: false,
  summary: 'A content page (FAQ, club rules, user agreement...) as server-built HTML',
  request: z.object({ id: z.number().check(z.int(), z.positive()), ogo: ogoFlag }),
  response: z.object({ id: z.number(), title: z.string(), body_html: z.string() }),
});

export const newsSummary = z.object({
  id: z.number(),
  title: z.string(),
  /** Publication time, ISO-8601. */
  date: isoDateTime,
  lead: z.string(),
  /** Path of the item's generated SVG artwork on this server, e.g. /media/news/3.svg (no API key needed). */
  image: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummary>;

/** GET /api/news/get-list?page=&limit=&ogo= -> newest first, `limit` (default 10, at most 50) per page. */
export const getNewsList = defineCall({
  method: 'GET',
  path: '/api/news/get-list',
  auth: 'member',
  mutation: false,
  summary: 'Club news of the variant, newest first, a page at a time (page from 1)',
  request: z.object({ page: z.optional(intQuery), limit: z.optional(intQuery), ogo: ogoQuery }),
  response: z.object({
    items: z.array(newsSummary),
    page: z.number(),
    pages: z.number(),
    total: z.number(),
  }),
});

/** GET /api/news/get-by-id?id=&ogo= -> one item with its body (404 `news_not_found`). */
export const getNewsById = defineCall({
  method: 'GET',
  path: '/api/news/get-by-id',
  auth: 'member',
  mutation: false,
  summary: 'One news item with its server-built HTML body',
  request: z.object({ id: intQuery, ogo: ogoQuery }),
  response: z.object({ ...newsSummary.shape, body_html: z.string() }),
});

export const vocabularySection = z.enum(['general', 'velo', 'ogo-club']);
export type VocabularySection = z.infer<typeof vocabularySection>;

/** GET /api/vocabulary/get-terms?section= -> the terms of one section (default general), A to Я. */
export const getVocabulary = defineCall({
  method: 'GET',
  path: '/api/vocabulary/get-terms',
  auth: 'member',
  mutation: false,
  summary: 'The consumer dictionary: terms and definitions of one section (general, velo, ogo-club)',
  request: z.object({ section: z.optional(vocabularySection) }),
  response: z.object({
    section: vocabularySection,
    title: z.string(),
    terms: z.array(z.object({ id: z.number(), term: z.string(), definition: z.string() })),
    sections: z.array(z.object({ section: vocabularySection, title: z.string(), count: z.number() })),
  }),
});

export const contentCalls = { getPageById, getNewsList, getNewsById, getVocabulary } as const;
