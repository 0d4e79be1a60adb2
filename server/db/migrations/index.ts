import type { Migration } from 'kysely';
import * as core from './001_core';
import * as auth from './002_auth';
import * as shop from './003_shop';
import * as scanDelivery from './004_scan_delivery';
import * as engagement from './005_engagement';
import * as certFeedback from './006_cert_feedback';
import * as catalogue from './007_catalogue';
import * as revisions from './008_revisions';
import * as deviceRegistry from './010_device_registry';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '001_core': core,
  '002_auth': auth,
  '003_shop': shop,
  '004_scan_delivery': scanDelivery,
  '005_engagement': engagement,
  '006_cert_feedback': certFeedback,
  '007_catalogue': catalogue,
  '008_revisions': revisions,
  '010_device_registry': deviceRegistry,
};
