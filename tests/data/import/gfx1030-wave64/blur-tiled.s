	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
	.protected	blur_tiled              ; -- Begin function blur_tiled
	.globl	blur_tiled
	.p2align	8
	.type	blur_tiled,@function
blur_tiled:                             ; @blur_tiled
; %bb.0:
	s_load_dwordx2 s[0:1], s[4:5], 0x8
	v_lshl_or_b32 v2, v1, 4, v0
	s_lshl_b32 s10, s6, 4
	s_lshl_b32 s11, s7, 4
	v_cmp_gt_u32_e32 vcc, 0x144, v2
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_3
; %bb.1:
	s_load_dwordx2 s[6:7], s[4:5], 0x0
	v_lshlrev_b32_e32 v3, 2, v2
	v_mov_b32_e32 v4, 0xe38f
	v_mov_b32_e32 v5, v2
	s_movk_i32 s12, 0x3ff
	s_mov_b64 s[8:9], 0
	s_add_i32 s13, s10, s12
	s_mov_b32 s14, 0xffc00
	.p2align	6
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	v_mul_u32_u24_sdwa v6, v5, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
	v_cmp_lt_u32_e32 vcc, 0x43, v5
	v_lshrrev_b32_e32 v6, 20, v6
	s_or_b64 s[8:9], vcc, s[8:9]
	v_mul_lo_u16 v7, v6, 18
	v_add_nc_u32_e32 v6, s11, v6
	v_sub_nc_u16 v7, v5, v7
	v_lshl_add_u32 v6, v6, 10, s14
	v_add_nc_u32_e32 v7, s13, v7
	v_and_b32_e32 v7, s12, v7
	v_and_or_b32 v6, v6, s14, v7
	v_add_nc_u32_e32 v7, 0x100, v5
	v_lshlrev_b32_e32 v6, 2, v6
	v_mov_b32_e32 v5, v7
	s_waitcnt lgkmcnt(0)
	global_load_dword v6, v6, s[6:7]
	s_waitcnt vmcnt(0)
	ds_write_b32 v3, v6
	v_add_nc_u32_e32 v3, 0x400, v3
	s_andn2_b64 exec, exec, s[8:9]
	s_cbranch_execnz .LBB0_2
.LBB0_3:
	s_or_b64 exec, exec, s[2:3]
	v_lshlrev_b32_e32 v3, 1, v1
	s_load_dword s2, s[4:5], 0x10
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	s_barrier 
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	buffer_gl0_inv
	v_add_lshl_u32 v8, v2, v3, 2
	ds_read_b96 v[2:4], v8
	ds_read_b96 v[5:7], v8 offset:72
	ds_read_b96 v[8:10], v8 offset:144
	s_waitcnt lgkmcnt(2)
	v_fma_f32 v2, v2, s2, 0
	v_fmac_f32_e32 v2, s2, v3
	v_add_lshl_u32 v3, s11, v1, 10
	v_mov_b32_e32 v1, 0
	v_fmac_f32_e32 v2, s2, v4
	v_add3_u32 v0, s10, v0, v3
	s_waitcnt lgkmcnt(1)
	v_fmac_f32_e32 v2, s2, v5
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_fmac_f32_e32 v2, s2, v6
	v_add_co_u32 v0, vcc, s0, v0
	v_add_co_ci_u32_e32 v1, vcc, s1, v1, vcc
	v_fmac_f32_e32 v2, s2, v7
	s_waitcnt lgkmcnt(0)
	v_fmac_f32_e32 v2, s2, v8
	v_fmac_f32_e32 v2, s2, v9
	v_fmac_f32_e32 v2, s2, v10
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel blur_tiled
		.amdhsa_group_segment_fixed_size 1296
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 20
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 11
		.amdhsa_next_free_sgpr 15
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_workgroup_processor_mode 1
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	blur_tiled, .Lfunc_end0-blur_tiled
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 416
; NumSgprs: 17
; NumVgprs: 11
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 1296 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 17
; NumVGPRsForWavesPerEU: 11
; Occupancy: 16
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
	.text
	.p2alignl 6, 3214868480
	.fill 48, 4, 3214868480
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack"
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .access:         read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_restrict:    true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      float
        .value_kind:     by_value
    .group_segment_fixed_size: 1296
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           blur_tiled
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     17
    .sgpr_spill_count: 0
    .symbol:         blur_tiled.kd
    .vgpr_count:     11
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx1030
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
