/**
 * The one piece of Chartist the analysis draws, with its stylesheet: imported dynamically by
 * IncomeChart, so this chunk (about 7.6 KB of JavaScript and 1.2 KB of CSS gzipped: README
 * "Bundle") is fetched only on /app/collectionanalysis, and only its bar chart is bundled.
 */
import 'chartist/dist/index.css';

export { BarChart } from 'chartist';
