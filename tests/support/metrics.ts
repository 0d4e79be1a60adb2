/** The value of one sample line of a /metrics scrape (`series` with its labels); `absent` when it is not there. */
export function metricSample(text: string, series: string, absent = 0): number {
  return Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.split(' ')[1] ?? absent,
  );
}
