import type { CoreTables } from './tables/core';
import type { AuthTables } from './tables/auth';
import type { ShopTables } from './tables/shop';
import type { ScanDeliveryTables } from './tables/scan-delivery';
import type { EngagementTables } from './tables/engagement';
import type { CertFeedbackTables } from './tables/cert-feedback';
import type { CatalogueTables } from './tables/catalogue';
import type { DeviceRegistryTables } from './tables/device-registry';

/** The whole database, assembled from each route group's tables. */
export interface Database
  extends
    CoreTables,
    AuthTables,
    ShopTables,
    ScanDeliveryTables,
    EngagementTables,
    CertFeedbackTables,
    CatalogueTables,
    DeviceRegistryTables {}
