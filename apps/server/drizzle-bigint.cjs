// drizzle-kit writes its schema snapshot with JSON.stringify, which throws on the BigInt defaults
// of the money and quantity columns; `npm run db:generate` preloads this so they serialise as text.
BigInt.prototype.toJSON = function toJSON() {
  return this.toString();
};
