#include <ft2build.h>
#include FT_FREETYPE_H

/* Function-like macros Swift cannot import, as constants. */
static const FT_Int32 braintutor_ft_load_light = FT_LOAD_TARGET_LIGHT;
static const FT_Int32 braintutor_ft_load_render = FT_LOAD_RENDER;
