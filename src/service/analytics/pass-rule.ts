/** A pass (spec kpis.pass_rate): score at least 50 and no critical fail. SQL twin in count-period-figures.ts. */
export const isPass = (score: number, isCritical: boolean): boolean => score >= 50 && !isCritical;
