import { Box, Link, Paper, Typography } from "@mui/material";
import docSample from "../../../../../docs/samples/rates-doc.csv?raw";
import packSample from "../../../../../docs/samples/rates-pack.csv?raw";
import zipSample from "../../../../../docs/samples/rates-zip.csv?raw";

const SAMPLES = [
  { name: "rates-doc.csv", label: "Doc sample", text: docSample },
  { name: "rates-pack.csv", label: "Pack sample", text: packSample },
  { name: "rates-zip.csv", label: "Zip sample (service 16)", text: zipSample },
];

/** The rate-sheet format (docs/rates.md) in short, with the documented samples to download. */
export function SheetFormatHelp() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="sheet-format-title">
      <Typography id="sheet-format-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Rate sheet format
      </Typography>
      <Typography variant="body2" component="div" sx={{ color: "text.secondary", display: "grid", gap: 1 }}>
        <Box>
          CSV or XLSX with a header row and one row per destination and weight band: <code>country</code> (ISO code or
          name; <code>zip</code> code or prefix for service 16), <code>min_kg</code>, <code>max_kg</code>,{" "}
          <code>currency</code> (e.g. USD), and either <code>flat</code> or <code>first_kg</code> plus{" "}
          <code>add_kg</code>.
        </Box>
        <Box>
          A band covers weights above <code>min_kg</code> up to and including <code>max_kg</code>. Each destination's
          bands start at 0 and follow one another without gaps or overlaps. A per-kg band charges{" "}
          <code>first_kg + ceil(weight - 1) x add_kg</code>.
        </Box>
        <Box>Any error refuses the whole file and lists its rows; nothing is saved until the file is right.</Box>
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
          {SAMPLES.map((sample) => (
            <Link
              key={sample.name}
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(sample.text)}`}
              download={sample.name}
            >
              {sample.label}
            </Link>
          ))}
        </Box>
      </Typography>
    </Paper>
  );
}
