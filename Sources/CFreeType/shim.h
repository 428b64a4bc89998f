#ifndef BRAINTUTOR_CFREETYPE_SHIM_H
#define BRAINTUTOR_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H

/* Function-like macros Swift cannot import, as constants. */
static const FT_Int32 braintutor_ft_load_light = FT_LOAD_TARGET_LIGHT;
static const FT_Int32 braintutor_ft_load_render = FT_LOAD_RENDER;

/* The type of each FreeType function BrainImage looks up with dlsym, named after it: `__typeof__`
   takes the prototype from the header without referring to the symbol, so nothing links FreeType. */
#define BRAINTUTOR_FT_FUNCTION(name) typedef __typeof__(&name) name##_function;
BRAINTUTOR_FT_FUNCTION(FT_Init_FreeType)
BRAINTUTOR_FT_FUNCTION(FT_Done_FreeType)
BRAINTUTOR_FT_FUNCTION(FT_New_Memory_Face)
BRAINTUTOR_FT_FUNCTION(FT_Done_Face)
BRAINTUTOR_FT_FUNCTION(FT_Set_Pixel_Sizes)
BRAINTUTOR_FT_FUNCTION(FT_Get_Char_Index)
BRAINTUTOR_FT_FUNCTION(FT_Load_Glyph)
BRAINTUTOR_FT_FUNCTION(FT_Get_Kerning)
#undef BRAINTUTOR_FT_FUNCTION
#endif
