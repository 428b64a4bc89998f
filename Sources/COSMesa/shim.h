#ifndef BRAINTUTOR_COSMESA_SHIM_H
#define BRAINTUTOR_COSMESA_SHIM_H
#define GL_GLEXT_PROTOTYPES 1
#include <GL/osmesa.h>
#include <GL/gl.h>
#include <GL/glext.h>
#endif
