// What a population file may be, apart from its reader: a form can name the accepted files
// without shipping the reader (and the number and formula rules it brings) before a file is chosen.
export const POPULATION_EXTENSIONS = ['csv', 'txt'] as const;
export const POPULATION_ACCEPT = '.csv,.txt,text/csv,text/plain';
