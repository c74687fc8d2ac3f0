// libxml2 is built with ICU, and encoding.h then includes <unicode/ucnv.h>. Those system
// ICU headers clash with the copy Foundation carries (_FoundationICU: "'UErrorCode' has
// different definitions in different modules") on a clean build. Coffer never touches
// libxml2's encoding handlers, so the ICU-only declarations are left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
