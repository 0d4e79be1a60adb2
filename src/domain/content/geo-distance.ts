import { formatNumber } from '../format/uk-format';
/** A point in WGS 84 degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine): ample for "how far is the store". */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** «350 м», «1,2 км», «48 км» (metres under a kilometre; one decimal under 10 km). */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} м`;
  if (km < 10) return `${formatNumber(Math.round(km * 10) / 10, 1)} км`;
  return `${formatNumber(Math.round(km))} км`;
}

/** Items nearest first, each with its distance; the order of equals is kept. */
export function byDistance<T extends LatLng>(items: readonly T[], from: LatLng): Array<{ item: T; km: number }> {
  return items.map((item) => ({ item, km: distanceKm(from, item) })).sort((x, y) => x.km - y.km);
}

/** A map link to a point (Google Maps URLs: opens the phone's maps app or the web map). */
export function mapLink(p: LatLng): string {
  return `https://www.google.com/maps/search/?api=1&query=${p.lat.toFixed(6)}%2C${p.lng.toFixed(6)}`;
}
