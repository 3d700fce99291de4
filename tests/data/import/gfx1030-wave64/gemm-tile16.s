	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
	.protected	gemm_tile16             ; -- Begin function gemm_tile16
	.globl	gemm_tile16
	.p2align	8
	.type	gemm_tile16,@function
gemm_tile16:                            ; @gemm_tile16
; %bb.0:
	s_clause 0x2
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x8
	s_load_dwordx2 s[0:1], s[4:5], 0x10
	v_lshlrev_b32_e32 v2, 2, v0
	v_lshlrev_b32_e32 v4, 6, v1
	v_lshl_or_b32 v3, s7, 4, v1
	s_lshl_b32 s4, s6, 4
	s_movk_i32 s5, 0x400
	v_or_b32_e32 v5, s4, v0
	v_or_b32_e32 v7, v4, v2
	v_lshlrev_b32_e32 v8, 8, v3
	v_or_b32_e32 v10, s5, v2
	v_lshl_add_u32 v11, v1, 10, s4
	v_mov_b32_e32 v2, 0
	v_or_b32_e32 v9, s5, v7
	v_mov_b32_e32 v6, 0
	s_mov_b32 s4, 16
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	v_add_nc_u32_e32 v1, v0, v8
	v_add_nc_u32_e32 v12, v0, v11
	v_mov_b32_e32 v13, v2
	v_add_nc_u32_e32 v8, 32, v8
	v_add_nc_u32_e32 v11, 0x8000, v11
	v_lshlrev_b64 v[14:15], 2, v[1:2]
	v_add_nc_u32_e32 v1, 16, v1
	v_lshlrev_b64 v[16:17], 2, v[12:13]
	s_add_i32 s4, s4, -2
	s_cmp_eq_u32 s4, 0
	s_waitcnt lgkmcnt(0)
	v_add_co_u32 v13, vcc, s2, v14
	v_add_co_ci_u32_e32 v14, vcc, s3, v15, vcc
	v_add_co_u32 v15, vcc, s8, v16
	v_add_co_ci_u32_e32 v16, vcc, s9, v17, vcc
	global_load_dword v17, v[13:14], off
	global_load_dword v18, v[15:16], off
	v_lshlrev_b64 v[13:14], 2, v[1:2]
	v_add_nc_u32_e32 v1, 0x4000, v12
	v_lshlrev_b64 v[15:16], 2, v[1:2]
	v_add_co_u32 v12, vcc, s2, v13
	v_add_co_ci_u32_e32 v13, vcc, s3, v14, vcc
	v_add_co_u32 v14, vcc, s8, v15
	v_add_co_ci_u32_e32 v15, vcc, s9, v16, vcc
	global_load_dword v1, v[12:13], off
	global_load_dword v26, v[14:15], off
	s_waitcnt vmcnt(3)
	ds_write_b32 v7, v17
	s_waitcnt vmcnt(2)
	ds_write_b32 v9, v18
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	s_barrier 
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	buffer_gl0_inv
	ds_read2_b32 v[20:21], v10 offset1:16
	ds_read2_b64 v[12:15], v4 offset1:1
	ds_read2_b32 v[22:23], v10 offset0:32 offset1:48
	ds_read2_b64 v[16:19], v4 offset0:2 offset1:3
	ds_read2_b32 v[24:25], v10 offset0:64 offset1:80
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v12, v20
	v_fmac_f32_e32 v6, v13, v21
	ds_read2_b32 v[20:21], v10 offset0:96 offset1:112
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v14, v22
	v_fmac_f32_e32 v6, v15, v23
	ds_read2_b32 v[22:23], v10 offset0:128 offset1:144
	ds_read2_b64 v[12:15], v4 offset0:4 offset1:5
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v16, v24
	v_fmac_f32_e32 v6, v17, v25
	ds_read2_b32 v[24:25], v10 offset0:160 offset1:176
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v18, v20
	v_fmac_f32_e32 v6, v19, v21
	ds_read2_b64 v[16:19], v4 offset0:6 offset1:7
	ds_read2_b32 v[20:21], v10 offset0:192 offset1:208
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v12, v22
	v_fmac_f32_e32 v6, v13, v23
	ds_read2_b32 v[22:23], v10 offset0:224 offset1:240
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	s_barrier 
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	buffer_gl0_inv
	v_fmac_f32_e32 v6, v14, v24
	ds_write_b32 v7, v1
	ds_write_b32 v9, v26
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	s_barrier 
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	buffer_gl0_inv
	v_fmac_f32_e32 v6, v15, v25
	ds_read2_b32 v[24:25], v10 offset1:16
	ds_read2_b64 v[12:15], v4 offset1:1
	v_fmac_f32_e32 v6, v16, v20
	v_fmac_f32_e32 v6, v17, v21
	ds_read2_b32 v[20:21], v10 offset0:32 offset1:48
	v_fmac_f32_e32 v6, v18, v22
	v_fmac_f32_e32 v6, v19, v23
	ds_read2_b64 v[16:19], v4 offset0:2 offset1:3
	ds_read2_b32 v[22:23], v10 offset0:64 offset1:80
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v12, v24
	v_fmac_f32_e32 v6, v13, v25
	ds_read2_b32 v[24:25], v10 offset0:96 offset1:112
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v14, v20
	v_fmac_f32_e32 v6, v15, v21
	ds_read2_b32 v[20:21], v10 offset0:128 offset1:144
	ds_read2_b64 v[12:15], v4 offset0:4 offset1:5
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v16, v22
	v_fmac_f32_e32 v6, v17, v23
	ds_read2_b32 v[22:23], v10 offset0:160 offset1:176
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v18, v24
	v_fmac_f32_e32 v6, v19, v25
	ds_read2_b64 v[16:19], v4 offset0:6 offset1:7
	ds_read2_b32 v[24:25], v10 offset0:192 offset1:208
	s_waitcnt lgkmcnt(3)
	v_fmac_f32_e32 v6, v12, v20
	v_fmac_f32_e32 v6, v13, v21
	ds_read2_b32 v[12:13], v10 offset0:224 offset1:240
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	s_barrier 
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	buffer_gl0_inv
	v_fmac_f32_e32 v6, v14, v22
	v_fmac_f32_e32 v6, v15, v23
	v_fmac_f32_e32 v6, v16, v24
	v_fmac_f32_e32 v6, v17, v25
	v_fmac_f32_e32 v6, v18, v12
	v_fmac_f32_e32 v6, v19, v13
	s_cbranch_scc0 .LBB0_1
; %bb.2:
	v_lshl_add_u32 v0, v3, 10, v5
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_add_co_u32 v0, vcc, s0, v0
	v_add_co_ci_u32_e32 v1, vcc, s1, v1, vcc
	global_store_dword v[0:1], v6, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel gemm_tile16
		.amdhsa_group_segment_fixed_size 2048
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
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
		.amdhsa_next_free_vgpr 27
		.amdhsa_next_free_sgpr 10
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
	.size	gemm_tile16, .Lfunc_end0-gemm_tile16
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 868
; NumSgprs: 12
; NumVgprs: 27
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 6
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 27
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
      - .access:         read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_restrict:    true
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           gemm_tile16
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         gemm_tile16.kd
    .vgpr_count:     27
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx1030
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
