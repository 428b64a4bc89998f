#ifndef BRAINTUTOR_COSMESA_SHIM_H
#define BRAINTUTOR_COSMESA_SHIM_H
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#if __has_include(<GL/osmesa.h>)
#include <GL/osmesa.h>
#else
// Mesa 25.1 and later ship no OSMesa header; the three declarations dlopen() needs, so the
// package still builds there and runs on EGL.
typedef struct osmesa_context *OSMesaContext;
typedef void (*OSMESAproc)(void);
#define OSMESA_RGBA GL_RGBA
#endif
#endif
