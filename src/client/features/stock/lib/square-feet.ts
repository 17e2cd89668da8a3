/** The rule lives in common/domain: a quote request rounds square feet to boxes on the server too (docs/decisions/0237). */
export { boxesForArea, DEFAULT_WASTE_PERCENT, MAX_AREA_SQFT, MAX_WASTE_PERCENT, SQFT_MESSAGES, sqftPerBox, type BoxesForArea } from '@common/domain/square-feet';
