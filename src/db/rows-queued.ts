import type { Variant } from './rows-catalogue';

/** Where something the member sent stands: waiting in the outbox, accepted, or refused with a reason. */
export type SendState = 'waiting' | 'sent' | 'refused';

/** Feedback on an online or in-store order (docs/rules.md#entities Feedback), kept until the server has it. */
export interface FeedbackRow {
  /** The outbox entry id that carries it. */
  id: string;
  variant: Variant;
  /** Online order id, or the in-store purchase id. */
  orderId: number;
  source: 'online' | 'offline';
  rating: number;
  text: string;
  photoCount: number;
  state: SendState;
  /** The server's reason when refused. */
  message: string | null;
  createdAt: number;
}

/** A photo of several packs sent to the multiscan decoder (docs/api.md#scan multiscan/load). */
export interface MultiscanRow {
  /** The outbox entry id that carries it. */
  id: string;
  variant: Variant;
  /** `sent`: the server read it, `codes` say what became of each. */
  state: SendState;
  /** Each code the server found, with what became of it (multiscan outcome: awarded, used, unknown...). */
  codes: Array<{ code: string; state: string; coins: number | null; message: string | null }>;
  message: string | null;
  createdAt: number;
  /** A small JPEG data URL of the photo for the list (the photo itself travels in the outbox entry). */
  preview?: string | null;
  /** XP the photo earned in all. */
  xpTotal?: number | null;
  /** The photo's id on the server once read (multiscan/get-history lists it under this id). */
  serverId?: number | null;
}

/** A call-back request (docs/rules.md#validation: day 'Сьогодні' = today, otherwise tomorrow, from and to). */
export interface CallBackRow {
  /** The outbox entry id that carries it. */
  id: string;
  variant: Variant;
  /** YYYY-MM-DD, Kyiv time. */
  date: string;
  from: string;
  to: string;
  state: SendState;
  message: string | null;
  createdAt: number;
}
