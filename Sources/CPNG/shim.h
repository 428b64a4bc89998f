#ifndef BRAINTUTOR_CPNG_SHIM_H
#define BRAINTUTOR_CPNG_SHIM_H
#include <png.h>

/* The type of each libpng function BrainImage looks up with dlsym, named after it: `__typeof__`
   takes the prototype from png.h without referring to the symbol, so nothing links libpng. */
#define BRAINTUTOR_PNG_FUNCTION(name) typedef __typeof__(&name) name##_function;
BRAINTUTOR_PNG_FUNCTION(png_create_write_struct)
BRAINTUTOR_PNG_FUNCTION(png_create_info_struct)
BRAINTUTOR_PNG_FUNCTION(png_destroy_write_struct)
BRAINTUTOR_PNG_FUNCTION(png_set_write_fn)
BRAINTUTOR_PNG_FUNCTION(png_get_io_ptr)
BRAINTUTOR_PNG_FUNCTION(png_set_IHDR)
BRAINTUTOR_PNG_FUNCTION(png_set_pHYs)
BRAINTUTOR_PNG_FUNCTION(png_set_compression_level)
BRAINTUTOR_PNG_FUNCTION(png_set_filter)
BRAINTUTOR_PNG_FUNCTION(png_set_filler)
BRAINTUTOR_PNG_FUNCTION(png_write_info)
BRAINTUTOR_PNG_FUNCTION(png_write_chunk)
BRAINTUTOR_PNG_FUNCTION(png_write_row)
BRAINTUTOR_PNG_FUNCTION(png_write_end)
BRAINTUTOR_PNG_FUNCTION(png_image_begin_read_from_memory)
BRAINTUTOR_PNG_FUNCTION(png_image_finish_read)
BRAINTUTOR_PNG_FUNCTION(png_image_free)
#undef BRAINTUTOR_PNG_FUNCTION
#endif
