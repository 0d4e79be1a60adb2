import type { MigrationSet } from './compat';
import * as core from './001_core';
import * as auth from './002_auth';
import * as shop from './003_shop';
import * as scanDelivery from './004_scan_delivery';
import * as engagement from './005_engagement';
import * as certFeedback from './006_cert_feedback';
import * as catalogue from './007_catalogue';
import * as revisions from './008_revisions';
import * as sync from './009_sync';
import * as deviceRegistry from './010_device_registry';
import * as smsBudget from './011_sms_budget';
import * as contentPages from './014_content_pages';
import * as ledgerHistoryIndex from './015_ledger_history_index';
import * as orderNumberSequence from './016_order_number_sequence';
import * as xpTotals from './017_xp_totals';
import * as offlinePurchaseBrand from './018_offline_purchase_brand';
import * as sessionParent from './019_session_parent';
import * as lookups from './020_lookups';
import * as multiscanPhotos from './021_multiscan_photos';
import * as paymentRefunds from './022_payment_refunds';
import * as referralCredits from './023_referral_credits';

/**
 * Every migration, in order, each declaring its compatibility (README.md in this folder). Names
 * are stable: they are recorded in the database, and the last one is this version's schema level.
 */
export const migrations: MigrationSet = {
  '001_core': core,
  '002_auth': auth,
  '003_shop': shop,
  '004_scan_delivery': scanDelivery,
  '005_engagement': engagement,
  '006_cert_feedback': certFeedback,
  '007_catalogue': catalogue,
  '008_revisions': revisions,
  '009_sync': sync,
  '010_device_registry': deviceRegistry,
  '011_sms_budget': smsBudget,
  '014_content_pages': contentPages,
  '015_ledger_history_index': ledgerHistoryIndex,
  '016_order_number_sequence': orderNumberSequence,
  '017_xp_totals': xpTotals,
  '018_offline_purchase_brand': offlinePurchaseBrand,
  '019_session_parent': sessionParent,
  '020_lookups': lookups,
  '021_multiscan_photos': multiscanPhotos,
  '022_payment_refunds': paymentRefunds,
  '023_referral_credits': referralCredits,
};
