import type { Generated } from 'kysely';

/**
 * Content, news, dictionary, invite, subscription, marathon and brand-store tables.
 * Times are ISO-8601 UTC strings, booleans 0/1, money kopiykas, JSON in text.
 */

/** A content page version (docs/api.md#content get-page-by-id): `page_id` is the configured id, `variant` 'all' | 'glo' | 'ogo'. */
export interface ContentPagesTable {
  id: Generated<number>;
  page_id: number;
  variant: 'all' | 'glo' | 'ogo';
  title: string;
  /** JSON of a ContentBody (server/routes/engagement/content/html.ts); rendered to HTML on request. */
  body: string;
  updated_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  variant: 'all' | 'glo' | 'ogo';
  title: string;
  lead: string;
  /** JSON of a ContentBody (article). */
  body: string;
  /** Picks the palette and shapes of the generated SVG artwork. */
  art: number;
  published_at: string;
}

export interface VocabularyTermsTable {
  id: Generated<number>;
  section: 'general' | 'velo' | 'ogo-club';
  term: string;
  definition: string;
}

/** The velo discount code a member hands to friends on the ogo site: one per member. */
export interface InviteVeloCodesTable {
  id: Generated<number>;
  member_id: number;
  customer_id: number;
  code: string;
  created_at: string;
}

export interface SubscriptionPlansTable {
  id: Generated<number>;
  variant: 'glo' | 'ogo';
  title: string;
  description: string;
  /** Kopiykas per delivery. */
  price: number;
  packs: number;
  interval_days: number;
  xp_bonus: number;
  active: number;
  sort: number;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  customer_id: number;
  plan_id: number;
  status: 'active' | 'paused' | 'cancelled';
  /**
   * The customer id while the subscription is current (active or paused), null once
   * cancelled. A unique index on it makes "one current subscription per record" hold even
   * under concurrent requests, on SQLite and PostgreSQL alike (NULLs never collide).
   */
  current_key: number | null;
  /** Kopiykas per delivery, fixed when subscribing. */
  price: number;
  started_at: string;
  next_delivery_at: string | null;
  paused_until: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  updated_at: string;
}

export interface SubscriptionEventsTable {
  id: Generated<number>;
  subscription_id: number;
  kind: 'subscribed' | 'paused' | 'resumed' | 'cancelled' | 'delivered' | 'skipped';
  note: string;
  created_at: string;
}

export interface SubscriptionDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  scheduled_for: string;
  status: 'scheduled' | 'delivered' | 'skipped';
  packs: number;
  /** Kopiykas. */
  amount: number;
  xp_awarded: number;
  created_at: string;
}

export interface MarathonsTable {
  id: Generated<number>;
  variant: 'all' | 'glo' | 'ogo';
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
}

export interface MarathonStagesTable {
  id: Generated<number>;
  marathon_id: number;
  number: number;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
}

export interface MarathonQuestionsTable {
  id: Generated<number>;
  marathon_id: number;
  stage_id: number;
  sort: number;
  text: string;
  /** JSON array of {id, text}. */
  options: string;
  /** Never sent to the app. */
  correct_option: number;
  xp: number;
}

/** One answer per member and question (unique): a second answer is refused by the database itself. */
export interface MarathonAnswersTable {
  id: Generated<number>;
  member_id: number;
  customer_id: number;
  question_id: number;
  option_id: number;
  correct: number;
  xp_awarded: number;
  created_at: string;
}

export interface BrandStoresTable {
  id: Generated<number>;
  name: string;
  city: string;
  address: string;
  /** JSON array of lines. */
  hours: string;
  phone: string;
  /** Degrees × 1e6, whole: exact on both databases. */
  lat_e6: number;
  lng_e6: number;
  /** JSON array of service codes. */
  services: string;
  sort: number;
}

export interface EngagementTables {
  content_pages: ContentPagesTable;
  news: NewsTable;
  vocabulary_terms: VocabularyTermsTable;
  invite_velo_codes: InviteVeloCodesTable;
  subscription_plans: SubscriptionPlansTable;
  subscriptions: SubscriptionsTable;
  subscription_events: SubscriptionEventsTable;
  subscription_deliveries: SubscriptionDeliveriesTable;
  marathons: MarathonsTable;
  marathon_stages: MarathonStagesTable;
  marathon_questions: MarathonQuestionsTable;
  marathon_answers: MarathonAnswersTable;
  brand_stores: BrandStoresTable;
}
